/** The retention period's bounds (decision 0092), shared by the People tab's form and the server's schema. */
export const RETENTION_DEFAULT_MONTHS = 24;
/**
 * The shortest retention an admin may set. The conflict check does not need the story (its
 * names outlive it as conflict records), but staff do need the enquiry itself while the person may
 * still come back or complain about how it was handled: a year covers the usual follow-up.
 */
export const RETENTION_MIN_MONTHS = 12;
export const RETENTION_MAX_MONTHS = 120;
