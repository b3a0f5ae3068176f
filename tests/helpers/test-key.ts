/**
 * One sealing key for every test server and in-process test (core/secrets.ts), as a firm's
 * instances share one: two servers on one database, or a restored backup, open each other's
 * sealed rows (decision 0093). A test of the generated key passes ENCRYPTION_KEY: undefined.
 */
export const TEST_ENCRYPTION_KEY = "test-servers-sealing-key-0123456789abcdef";
