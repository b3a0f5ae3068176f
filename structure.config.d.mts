/** What the structure check's configuration exports besides its configuration (see structure.config.mjs). */
import type { IConfiguration, IForbiddenRuleType } from "dependency-cruiser";

export const MODULES: ReadonlyArray<readonly [module: string, reason: string]>;
export const NOT_MODULES: ReadonlyArray<readonly [entry: string, reason: string]>;
export const EXCEPTIONS: ReadonlyArray<readonly [from: string, to: string, reason: string]>;
export function modulePath(module: string): string;
export const forbidden: IForbiddenRuleType[];
declare const config: IConfiguration & { forbidden: IForbiddenRuleType[] };
export default config;
