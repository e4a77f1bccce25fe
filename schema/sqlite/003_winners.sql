-- sqlite/003_winners.sql - the winning side's seats (issue 29).
--
-- games.winner holds one seat: a fixed team's lowest, or the seat whose
-- score decided.  A side wins (RULES.md section 6), and in five-call the
-- side changes every hand: the bidder and the called partner both win.
-- games.winners holds every seat of the winning side, seat s as bit s-1
-- (five-call, seats 4 and 5 win: 24); NULL when there is no winner.
--
-- A game stored before it gets its winners from its last hand, whose
-- side column (hand_results_v) says which seats played with the winner;
-- each game's last hand is the only one decoded.  winner is kept as it
-- was, so `pinochle check` and every export read an old game as before.

ALTER TABLE games ADD COLUMN winners INTEGER;  -- the winning side's seats: bit s-1 for seat s, NULL none

UPDATE games
   SET winners = (SELECT sum(1 << (r.seat - 1))
                    FROM hand_results_v AS r
                   WHERE r.game = games.key AND r.hand = games.hands
                     AND r.side = (SELECT w.side FROM hand_results_v AS w
                                    WHERE w.game = games.key AND w.hand = games.hands AND w.seat = games.winner))
 WHERE winner IS NOT NULL;

PRAGMA user_version = 3;
