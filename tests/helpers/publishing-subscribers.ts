// Test processes that run a publishing gate in-process hear its "published" event as the server does (decision 0087).
import "../../server/publishing-subscribers";
