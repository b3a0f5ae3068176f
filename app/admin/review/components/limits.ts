/** The longest comment a reviewer can send with a decision (the server checks it too). */
export { COMMENT_MAX_LENGTH } from "~/review/paths";
