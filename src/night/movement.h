/*
 * movement.h - who sits where in each round of a club night: pure
 * computation (libc only, no allocation), deterministic, so a night's
 * seating is stored as its inputs (players, table size, movement,
 * rounds) and worked out again whenever it is needed.
 *
 * Players are numbered 0..players-1 in the order the director listed
 * them; tables 0..tables-1 and seats 0..table_size-1 here (the CLI
 * prints them from 1).  With a player count the table size does not
 * divide, the rest sit out each round, chosen so that sitting out goes
 * round evenly.  The movements and what each guarantees (docs/NIGHT.md
 * says the same for directors):
 *
 *   MOVE_PROGRESSIVE  partnership tables (seats 1+3 against 2+4).  With
 *       8, 12, 16, 20 or 24 players, a whist tournament: in n-1 rounds
 *       every two players partner exactly once and oppose exactly twice
 *       (round 1 seats them as listed).  Otherwise the
 *       partners of each round are one factor of the round-robin
 *       1-factorization of the players (the circle method; an odd count
 *       gets a phantom, whose partner sits out).  Guarantee: in the first
 *       M-1 rounds, M the player count rounded up to even, nobody
 *       partners the same player twice (8 players: 7 rounds).  Pairs
 *       are then put at tables two by two, greedily, meeting pairs whose
 *       players have been opponents least so far.
 *   MOVE_FIXED  partnership tables: players 1+2, 3+4, ... stay partners
 *       all night and the pairs play a round robin (circle method over
 *       the pairs, a bye pair sitting out when their count is odd).
 *       Guarantee: in the first P-1 rounds (P pairs rounded up to even)
 *       no two pairs meet twice.
 *   MOVE_ROTATE  solo tables of any size: each round the players are
 *       put at tables greedily and then improved by swaps, to seat
 *       together those who have met least (the sum over tables of the
 *       meetings so far between its players is made small, which spreads
 *       the meetings evenly).  Tables of two use the circle method: a
 *       true round robin.  No exact guarantee beyond two: the evenness
 *       is measured (tests/test_movement.c, docs/NIGHT.md).
 */
#ifndef PN_MOVEMENT_H
#define PN_MOVEMENT_H

#include <stdbool.h>

#define MOVE_MAX_PLAYERS 64 /* players in one night */
#define MOVE_MAX_SEATS 6    /* table size (the presets use 2..5; 6 is measured) */
#define MOVE_MAX_TABLES (MOVE_MAX_PLAYERS / 2)
#define MOVE_MAX_ROUNDS 64  /* rounds in one night */

typedef enum { MOVE_PROGRESSIVE, MOVE_FIXED, MOVE_ROTATE } MoveKind;

/* What a night's seating depends on. */
typedef struct MoveSpec {
  int players;    /* 2..MOVE_MAX_PLAYERS, at least one table's worth */
  int table_size; /* seats a table, 2..MOVE_MAX_SEATS; 4 for the partnership movements */
  MoveKind kind;  /* the movement */
  int rounds;     /* 1..MOVE_MAX_ROUNDS */
} MoveSpec;

/* One round's seating. */
typedef struct MoveRound {
  int tables;                                 /* tables in play */
  int at[MOVE_MAX_TABLES][MOVE_MAX_SEATS];    /* player by table and seat */
  int nout;                                   /* players sitting out */
  int out[MOVE_MAX_PLAYERS];                  /* who, in player order */
} MoveRound;

/* The movement's name ("progressive", ...) and back: -1 when unknown. */
const char *move_kind_name(MoveKind kind);
int move_kind_parse(const char *name);

/* Checks a spec: NULL when it can be seated, else why not (static text). */
const char *move_check(const MoveSpec *spec);

/* Fills rounds[0..spec->rounds-1].  Returns 0, or -1 when move_check
 * refuses the spec (nothing filled). */
int move_seat(const MoveSpec *spec, MoveRound *rounds);

#endif
