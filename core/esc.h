/* esc.h — text from inputs (file names, player specs, anything a user or a
 * records file chose) made safe for where it is written: an HTML page, or
 * a command line printed for a reader to paste into a shell.  Every page
 * and every printed command line goes through these; none escapes on its
 * own.  (Messages on the terminal: core/msg.h.  JSON and CSV for other
 * programs: core/jsonw.h.) */
#ifndef TRIAD_ESC_H
#define TRIAD_ESC_H

#include "buf.h"

/* s as HTML text or a quoted attribute value: & < > " ' as entities. */
void esc_html(buf *b, const char *s);

/* s as one POSIX shell word that the shell gives back unchanged: as it is
 * when it holds only characters no shell treats specially (letters,
 * digits, _ . / : = , + @ % -), else in single quotes (a ' inside as '\'').
 * The empty string is ''. */
void esc_shell(buf *b, const char *s);

/* A file name as one shell word for a command's operand: esc_shell(), with
 * "./" put before a relative name that begins with '-', so that no command
 * can take it for an option. */
void esc_shell_path(buf *b, const char *path);

#endif
