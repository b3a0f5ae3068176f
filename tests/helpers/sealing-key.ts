/**
 * Test files that call the product's modules in-process (not through a server) seal and open
 * client records with the test servers' key (core/sealing.server.ts; decision 0093).
 */
import { installSealingKey } from "../../core/sealing.server";
import { TEST_ENCRYPTION_KEY } from "./test-key";

installSealingKey(TEST_ENCRYPTION_KEY);
