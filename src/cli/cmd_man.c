/*
 * cmd_man.c - the manual page and the bash completion script, both written
 * from the command table (main.c) and the very text `--help` prints, so
 * that neither can disagree with it.  The build runs the hidden
 * `pinochle help --man` and `pinochle help --bash-completion` (see
 * CMakeLists.txt) and `cmake --install` installs what they wrote.
 *
 * The man page holds the overview and every command's help verbatim
 * (preformatted: the help is already laid out for 80 columns).  The
 * completion script offers the commands, each command's options as its
 * help lists them under "Options:", and the presets after --variant
 * (pn_preset_name()).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmd_man.h"

/* What a printer wrote, as one string: the caller frees it with free().
 * NULL (after reporting) when no memory stream could be opened. */
static char *print_to_string(void (*print)(FILE *, const CliCommand *), const CliCommand *cmd) {
  char *text = NULL;
  size_t size = 0;
  FILE *mem = open_memstream(&text, &size);
  if (mem == NULL) {
    cli_error(NULL, "cannot write the help to memory");
    return NULL;
  }
  print(mem, cmd);
  if (fclose(mem) != 0) {
    free(text);
    cli_error(NULL, "cannot write the help to memory");
    return NULL;
  }
  return text;
}

static void overview(FILE *out, const CliCommand *unused) {
  (void)unused;
  cli_print_overview(out);
}

/* ------------------------------------------------------------ man page */

/* Writes UTF-8 `text` for roff's no-fill mode: what groff would read as a
 * request, an escape or a typographic character is escaped, so the page
 * shows the help byte for byte (a hyphen stays an ASCII '-' that can be
 * searched for and pasted); non-ASCII characters become \[uXXXX], which
 * every groff reads whatever the input encoding. */
static void man_text(FILE *out, const char *text) {
  bool line_start = true;
  for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
    if (line_start && (*p == '.' || *p == '\'')) fputs("\\&", out);
    line_start = *p == '\n';
    if (*p < 0x80) {
      switch (*p) {
      case '\\': fputs("\\e", out); break;
      case '-': fputs("\\-", out); break;
      case '`': fputs("\\(ga", out); break;
      case '\'': fputs("\\(aq", out); break;
      case '^': fputs("\\(ha", out); break;
      case '~': fputs("\\(ti", out); break;
      default: fputc(*p, out); break;
      }
      continue;
    }
    /* a UTF-8 sequence: the lead byte says how many bytes follow */
    int more = (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
    unsigned long code = more == 1 ? (*p & 0x1Fu) : more == 2 ? (*p & 0x0Fu) : (*p & 0x07u);
    int i = 1;
    for (; more > 0 && i <= more && (p[i] & 0xC0) == 0x80; i++) code = code << 6 | (p[i] & 0x3Fu);
    if (more < 0 || i <= more) {
      fputc('?', out); /* not UTF-8: the help is ours, so this is a bug, shown */
      continue;
    }
    fprintf(out, "\\[u%04lX]", code);
    p += more;
  }
}

/* The help text in a no-fill block. */
static void man_block(FILE *out, const char *text) {
  fputs(".nf\n", out);
  man_text(out, text);
  if (*text && text[strlen(text) - 1] != '\n') fputc('\n', out);
  fputs(".fi\n", out);
}

int cli_man_write(FILE *out) {
  char *text = print_to_string(overview, NULL);
  if (text == NULL) return CLI_USAGE;
  fprintf(out,
          ".\\\" pinochle(1), written by `pinochle help --man` from the command table\n"
          ".\\\" in src/cli/main.c when pinochle is built; do not edit.\n"
          ".TH PINOCHLE 1 \"\" \"pinochle %s\" \"User Commands\"\n"
          ".SH NAME\n"
          "pinochle \\- keep, check and report Pinochle deal logs\n"
          ".SH SYNOPSIS\n",
          PN_VERSION);
  /* the synopsis: the overview's usage lines, without "usage: " and the
   * indent that lines the others up under it (7 columns) */
  fputs(".nf\n", out);
  const char *line = text;
  while (*line != '\0' && *line != '\n') {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    size_t skip = len >= 7 && (strncmp(line, "usage: ", 7) == 0 || strncmp(line, "       ", 7) == 0) ? 7 : 0;
    char part[160];
    snprintf(part, sizeof part, "%.*s\n", (int)(len - skip), line + skip);
    man_text(out, part);
    line += end ? len + 1 : len;
  }
  fputs(".fi\n.SH DESCRIPTION\n", out);
  man_block(out, text);
  free(text);

  fputs(".SH COMMANDS\n", out);
  for (int i = 0; cli_command(i) != NULL; i++) {
    const CliCommand *cmd = cli_command(i);
    text = print_to_string(cli_print_help, cmd);
    if (text == NULL) return CLI_USAGE;
    fputs(".SS ", out);
    man_text(out, cmd->name);
    fputc('\n', out);
    man_block(out, text);
    free(text);
  }
  fputs(".SH SEE ALSO\n"
        "The project's README.md and docs/: RULES.md (the presets), EVENT\\-LOG.md\n"
        "(the CSV event log), SCHEMA.md (the database), REPORTS.md (the reports).\n",
        out);
  return CLI_OK;
}

/* ----------------------------------------------------- bash completion */

/* A word the script may hold unquoted: option, command and preset names
 * are made of these; anything else is left out rather than quoted. */
static bool plain_word(const char *word, size_t len) {
  if (len == 0) return false;
  for (size_t i = 0; i < len; i++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_", word[i]) || word[i] == '\0')
      return false;
  return true;
}

/* Writes, space-separated, every option name ("-k", "--keep-going") of the
 * "Options:" section of a help text: the lines that start with two spaces
 * and a '-' up to the blank line that ends it; a line names one option or
 * two ("-o, --output FILE"), then its argument and meaning. */
static void write_options(FILE *out, const char *help) {
  const char *line = strncmp(help, "Options:\n", 9) == 0 ? help : strstr(help, "\nOptions:\n");
  if (line == NULL) return;
  line = strchr(line + 1, '\n') + 1;
  while (*line != '\0' && *line != '\n') {
    const char *end = strchr(line, '\n');
    if (end == NULL) end = line + strlen(line);
    if (line[0] == ' ' && line[1] == ' ' && line[2] == '-') {
      const char *p = line + 2;
      for (;;) {
        const char *word = p;
        while (p < end && *p != ' ' && *p != ',') p++;
        if (plain_word(word, (size_t)(p - word))) fprintf(out, " %.*s", (int)(p - word), word);
        if (end - p < 3 || p[0] != ',' || p[1] != ' ' || p[2] != '-') break;
        p += 2;
      }
    }
    line = *end ? end + 1 : end;
  }
}

static void write_commands(FILE *out) {
  for (int i = 0; cli_command(i) != NULL; i++) {
    const char *name = cli_command(i)->name;
    if (plain_word(name, strlen(name))) fprintf(out, " %s", name);
  }
}

int cli_completion_write(FILE *out) {
  char *text = print_to_string(overview, NULL);
  if (text == NULL) return CLI_USAGE;
  fputs("# bash completion for pinochle, written by `pinochle help --bash-completion`\n"
        "# from the command table in src/cli/main.c when pinochle is built; do not edit.\n"
        "_pinochle() {\n"
        "  local cur=${COMP_WORDS[COMP_CWORD]} prev=\n"
        "  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
        "  local words\n"
        "  COMPREPLY=()\n"
        "  if ((COMP_CWORD <= 1)); then\n"
        "    words='",
        out);
  write_commands(out);
  write_options(out, text);
  free(text);
  fputs("'\n"
        "    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
        "    return 0\n"
        "  fi\n"
        "  if [[ $prev == --variant ]]; then\n"
        "    words='",
        out);
  for (int i = 0; pn_preset_name(i) != NULL; i++) {
    const char *preset = pn_preset_name(i);
    if (plain_word(preset, strlen(preset))) fprintf(out, " %s", preset);
  }
  fputs("'\n"
        "    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
        "    return 0\n"
        "  fi\n"
        "  case ${COMP_WORDS[1]} in\n"
        "  help | -h | --help)\n"
        "    ((COMP_CWORD == 2)) || return 0\n"
        "    words='",
        out);
  write_commands(out);
  fputs("'\n"
        "    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
        "    return 0\n"
        "    ;;\n",
        out);
  for (int i = 0; cli_command(i) != NULL; i++) {
    const CliCommand *cmd = cli_command(i);
    if (strcmp(cmd->name, "help") == 0 || !plain_word(cmd->name, strlen(cmd->name))) continue;
    /* the help as printed: a command may write it from a table */
    text = print_to_string(cli_print_help, cmd);
    if (text == NULL) return CLI_USAGE;
    fprintf(out, "  %s) words='", cmd->name);
    write_options(out, text);
    free(text);
    fputs("' ;;\n", out);
  }
  fputs("  *) return 0 ;;\n"
        "  esac\n"
        "  # an option's name; anything else is left to bash (file names)\n"
        "  if [[ $cur == -* ]]; then\n"
        "    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
        "  fi\n"
        "  return 0\n"
        "}\n"
        "complete -o bashdefault -o default -F _pinochle pinochle\n",
        out);
  return CLI_OK;
}
