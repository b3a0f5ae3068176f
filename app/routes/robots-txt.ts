// Placeholder until its owner writes this resource route.
export function loader() {
  return new Response("Not found", { status: 404 });
}
