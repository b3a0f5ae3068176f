/**
 * The modules that follow a publication (decision 0087). Each registers its own subscriber on the
 * "published" event when loaded; the server's services load this file, and so do the test
 * processes that run a gate in-process (tests/helpers/publishing-subscribers.ts). It stands in
 * server/ because it names modules above the gates that raise the event (decision 0095).
 */
import "../app/instagram/published.server";
import "../app/newsletter/published.server";
import "../app/translation/outdated.server";
