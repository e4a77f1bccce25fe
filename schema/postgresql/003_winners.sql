-- postgresql/003_winners.sql - the winning side's seats (issue 29).
--
-- As sqlite/003_winners.sql: games.winners holds every seat of the
-- winning side (five-call: the bidder and the called partner), seat s as
-- bit s-1, NULL when there is no winner; a game stored before gets them
-- from its last hand's side column (hand_results_v).  winner is kept.

ALTER TABLE games ADD COLUMN winners integer;  -- the winning side's seats: bit s-1 for seat s, NULL none

UPDATE games
   SET winners = (SELECT sum(1 << (r.seat - 1)::integer)
                    FROM hand_results_v AS r
                   WHERE r.game = games.key AND r.hand = games.hands
                     AND r.side = (SELECT w.side FROM hand_results_v AS w
                                    WHERE w.game = games.key AND w.hand = games.hands AND w.seat = games.winner))
 WHERE winner IS NOT NULL;

UPDATE pinochle_meta SET version = 3;
