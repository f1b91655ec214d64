/** `order.urn_received` → `OrderUrnReceived`, `public_path` → `PublicPath`: the document's component names. */
export function pascalCase(s: string): string {
  return s
    .split(/[._]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}
