/** The project folder. */
export const root: string;
/** Where the production build is (BUILD_DIR, default ./build). */
export const buildDir: string;
/** The built server module. */
export const serverEntry: string;
/** Build the site unless an up-to-date build is there. */
export function buildIfNeeded(): void;
