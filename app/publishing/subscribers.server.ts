/**
 * The modules that follow a publication (decision 0087). Each registers its own subscriber on the
 * "published" event when loaded; the gates import this file so that both are loaded wherever a
 * gate can run (the server, the job runner, scripts, tests).
 */
import "../instagram/published.server";
import "../blog/newsletter-published.server";
