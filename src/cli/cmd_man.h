/*
 * cmd_man.h - the manual page and the bash completion script, written from
 * the command table and the help it prints (cmd_man.c).  The build runs
 * the hidden `pinochle help --man` and `pinochle help --bash-completion`
 * and installs what they write, so neither can disagree with `--help`.
 */
#ifndef PN_CMD_MAN_H
#define PN_CMD_MAN_H

#include <stdio.h>

/* `pinochle --help`: usage, the commands with their summaries, the global
 * options and exit codes (main.c). */
void cli_print_overview(FILE *out);

/* The man page (roff, man macros) of every command to `out`.  Returns
 * CLI_OK, or CLI_USAGE after reporting when the overview cannot be read. */
int cli_man_write(FILE *out);

/* A bash completion script for pinochle to `out`: commands, each command's
 * options, presets after --variant.  Returns as cli_man_write. */
int cli_completion_write(FILE *out);

#endif
