# log2rec.awk - turns one game of an event log into `pinochle record` lines.
# With -v draws=1 a two-hand game's stock row is left out and its cards are
# entered as `draw` lines, in stock order, before each trick after the
# stock-phase tricks (the way a scorekeeper enters a real two-hand game).
# With -v reneges="HAND:SEQ ..." (the rows audit names) the lines in
# -v answer (default "yes") follow each of those rows, and -v first, when
# given, replaces them after the first one ("\n" separates lines; "@"
# in them stands for the renege row's own line, typed again).
BEGIN {
  FS = ","
  if (answer == "") answer = "yes"
  nren = split(reneges, list, " ")
  for (i = 1; i <= nren; i++) is_renege[list[i]] = 1
}
NR == 1 || $2 == 0 { next }
{
  seat = $4; action = $5; cards = $6; value = $7
  if (action == "dealer") { print "dealer " seat; plays = 0; next }
  if (draws && action == "stock") {
    nstock = split(cards, stock, " "); next_draw = 1; next
  }
  if (draws && action == "play" && nstock > 0) {
    if (plays > 0 && plays % 2 == 0) {          # a new trick begins
      want = (plays / 2) * 2                     # stock cards drawn after plays/2 tricks
      if (want > nstock) want = nstock
      while (next_draw <= want) print "draw " stock[next_draw++]
    }
    plays++
  }
  line = (seat != "" ? seat " " : "") action
  if (cards != "") line = line " " cards
  if (value != "") line = line " " value
  print line
  if (($2 ":" $3) in is_renege) {
    reply = (first != "" && !answered++) ? first : answer
    gsub(/\\n/, "\n", reply)
    gsub(/@/, line, reply)
    print reply
  }
}
