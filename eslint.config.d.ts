/** What the lint configuration exports besides its configuration (see eslint.config.js). */
export function boundaryBroken(from: string, to: string): "tabToTab" | "kitToTab" | "authToAdmin" | "domainToAdmin" | null;
declare const config: unknown;
export default config;
