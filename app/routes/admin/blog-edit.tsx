// Placeholder until its owner writes this page.
export default function Page() {
  return null;
}
