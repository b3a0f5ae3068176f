/** The rendered document with `markup` at the end of its head (unchanged when there is none). */
export function appendToHead(html: string, markup: string): string {
  const end = markup ? html.indexOf("</head>") : -1;
  return end === -1 ? html : `${html.slice(0, end)}${markup}${html.slice(end)}`;
}
