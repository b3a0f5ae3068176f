/** The longest comment a reviewer can send with a decision (the server checks it too). */
export const COMMENT_MAX_LENGTH = 2000;
