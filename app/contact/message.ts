/** A contact message is stored as 'Subject: {subject}', a blank line, then the body. */
export function splitContactMessage(stored: string): { subject: string; body: string } {
  const match = /^Subject: ([^\n]*)\n\n([\s\S]*)$/.exec(stored.replace(/\r\n/g, "\n"));
  if (!match) return { subject: "", body: stored };
  return { subject: match[1], body: match[2] };
}
