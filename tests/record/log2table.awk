# log2table.awk - turns one game of an event log into `pinochle record`
# lines in table order: no deal rows, the cards of each trick on one line
# (in play order from the leader, no seat), every other row with its seat.
# With -v terse=1 the rows whose seat the recorder knows (bid, pass, trump,
# call, discard: whose turn it is, or the bidder's) are typed without it.
# With -v terse=2 also the cards of a line are typed without spaces
# ("ASASKSJS") and a dealer row only where the deal does not simply go
# round (the recorder's first dealer is seat 1).
# Hands of a two-hand preset (a stock row) are not for table order: use
# log2rec.awk for them.
BEGIN { FS = "," }
function flush() { if (trick != "") print trick; trick = ""; ntrick = 0 }
function squeeze(text) { if (terse >= 2) gsub(/ /, "", text); return text }
NR == 1 || $2 == 0 { next }
$5 == "variant" { next }
{
  seat = $4; action = $5; cards = $6; value = $7
  if (action == "play") {
    trick = trick (ntrick && terse < 2 ? " " : "") cards
    if (++ntrick == players) flush()
    next
  }
  flush()
  if (action == "deal") next
  if (action == "dealer") {
    if (terse < 2 || seat != (dealer ? dealer % players + 1 : 1)) print "dealer " seat
    dealer = seat
    next
  }
  if (terse && (action == "bid" || action == "pass" || action == "trump" || action == "call" || action == "discard"))
    seat = ""
  line = (seat != "" ? seat " " : "") action
  if (cards != "") line = line " " squeeze(cards)
  if (value != "") line = line " " value
  print line
}
END { flush() }
