/**
 * The booking pages' module URL (app/booking/booking-page.ts), imported here once: both pages'
 * components share this file, so the build's shared chunk is named after it and not after the
 * module (whose built file name the JS budget test looks for).
 */
export { default as bookingScript } from "./booking-page.ts?standalone";
