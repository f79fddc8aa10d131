/* msg.h — untrusted text made safe and short enough for one message line.
 *
 * File names, option values and protocol words come from the user and may
 * hold control bytes (an ESC that recolours the terminal, a newline that
 * forges a second line) or be thousands of characters long (a long path that
 * pushes the reason off the end of a fixed message buffer).  msg_escape()
 * shows every such byte as a visible escape and keeps the head and tail of
 * what does not fit, so a message keeps room for its reason. */
#ifndef TRIAD_MSG_H
#define TRIAD_MSG_H

#include <stddef.h>

/* Copies s into out (n >= 8 bytes) with bytes below 0x20, DEL and bytes that
 * are not part of a valid UTF-8 character (or are a C1 control) written as
 * \n, \r, \t or \xHH.  Backslashes are left as they are, so escaping twice
 * changes nothing.  When the result does not fit, the middle is replaced by
 * "..." (whole characters and escapes only).  Returns out. */
char *msg_escape(char *out, size_t n, const char *s);

/* Bytes msg_escape() needs to keep all of s (the terminating NUL included). */
size_t msg_escaped_size(const char *s);

/* A path or value quoted in a message: escaped and at most about 200
 * characters, in a buffer that lives until the end of the enclosing block,
 * e.g. snprintf(err, n, "%s: %s", MSG_PATH(path), strerror(errno)). */
#define MSG_PATH_SIZE 204
#define MSG_PATH(s) msg_escape((char[MSG_PATH_SIZE]){ 0 }, MSG_PATH_SIZE, (s))

#endif
