# lib.sh - what the Chromium browser tests share (sourced, not run):
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" NAME "$@"
#
# with the script's arguments PINOCHLE SOURCE_DIR ARTEFACT_DIR.  It exits
# 77 (ctest SKIP_RETURN_CODE) when chromium, chromedriver or curl is not
# installed, saying so; CI installs all three (.ci/run).  It gives:
#   $PINOCHLE $SRC $ART   the arguments (ART created)
#   $CHROMIUM $DRIVER     the browser and its driver
#   $WORK                 a scratch folder /tmp/pn-NAME-XXXXXX, removed on exit
#   fail MSG, ok MSG      a check's result; $failures counts the failures
#   web_serve DB TOKEN    `pinochle serve DB` on a free loopback port:
#                         $SERVE_PID, $URL (with the token), $BASE (without)
#   web_browser W H [ARG] chromedriver, a headless session W x H px (ARG one
#                         more Chromium argument): $WD, $SESSION
#   wd METHOD PATH [JSON] a WebDriver call on the session; prints the response
#   js SCRIPT             runs SCRIPT (its lines joined) in the page; prints the
#                         string or number returned
#   go PATH, size W H     opens $BASE/PATH; sets the window's size
#   click CSS             a real click on the first element matching CSS
#   web_screenshot FILE   the window as a PNG into FILE (status 1 when empty)
# On exit (exit 1 after a failed check, ctest's SIGTERM) the session, the
# driver and the server are stopped.  A kill -9 of the test runs no trap:
# a watcher stops them once the test is gone.
set -u
if [[ $# -ne 4 ]]; then
  echo "usage: $0 PINOCHLE SOURCE_DIR ARTEFACT_DIR" >&2
  exit 2
fi
PINOCHLE=$2
SRC=$3
ART=$4

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
DRIVER=$(command -v chromedriver || true)
if [[ -z $CHROMIUM || -z $DRIVER ]]; then
  echo "SKIP: chromium and chromedriver are needed (apt-get install chromium chromium-driver)"
  exit 77
fi
command -v curl >/dev/null || { echo "SKIP: curl is needed"; exit 77; }

mkdir -p "$ART"
WORK=$(mktemp -d "/tmp/pn-$1-XXXXXX")
SERVE_PID= DRIVER_PID= SESSION= WD= WATCH_PID=
web_cleanup() {
  [[ -n $SESSION ]] && curl -s -X DELETE "$WD/session/$SESSION" >/dev/null
  [[ -n $SERVE_PID ]] && kill "$SERVE_PID" 2>/dev/null && wait "$SERVE_PID" 2>/dev/null
  [[ -n $DRIVER_PID ]] && kill "$DRIVER_PID" 2>/dev/null && wait "$DRIVER_PID" 2>/dev/null
  kill "$WATCH_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap web_cleanup EXIT

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# The watcher: once this test is gone without its trap (kill -9), it
# deletes the session (the browser with it) and stops the processes whose
# ids are in $WORK/*.pid.  Its output goes nowhere: ctest would wait for it.
(
  while kill -0 $$ 2>/dev/null; do sleep 1; done
  [[ -s $WORK/session ]] && curl -s -m 5 -X DELETE "$(cat "$WORK/session")"
  kill $(cat "$WORK"/*.pid 2>/dev/null) 2>/dev/null
  rm -rf "$WORK"
) >/dev/null 2>&1 </dev/null &
WATCH_PID=$!

web_serve() { # DB TOKEN
  "$PINOCHLE" serve "$1" --listen 127.0.0.1:0 --token "$2" >"$WORK/url" 2>"$WORK/serve.err" &
  SERVE_PID=$!
  echo "$SERVE_PID" >"$WORK/serve.pid"
  for _ in $(seq 200); do [[ -s $WORK/url ]] && break; sleep 0.1; done # a loaded machine: up to 20 s
  URL=$(head -1 "$WORK/url")
  BASE=${URL%%/\?token=*}
  [[ $BASE == http://127.0.0.1:* ]] || { echo "serve printed no URL: $(cat "$WORK/serve.err")"; exit 1; }
}

# chromedriver on a random port: $DRIVER_PID, $WD.  Another port is tried
# when the driver exits (the port taken: other tests run beside this one).
web_driver() {
  local try dport
  for try in 1 2 3 4 5; do
    dport=$(((RANDOM % 20000) + 30000))
    "$DRIVER" --port="$dport" >"$WORK/driver.log" 2>&1 &
    DRIVER_PID=$!
    echo "$DRIVER_PID" >"$WORK/driver.pid"
    WD=http://127.0.0.1:$dport
    for _ in $(seq 300); do
      curl -s "$WD/status" | grep -q '"ready":true' && return 0
      kill -0 "$DRIVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill "$DRIVER_PID" 2>/dev/null && wait "$DRIVER_PID" 2>/dev/null
    echo "chromedriver on port $dport (try $try): $(tail -1 "$WORK/driver.log")"
  done
}

web_browser() { # WIDTH HEIGHT [ARG]: the window's first size, one more Chromium argument
  local caps extra=${3:+\"$3\", }
  web_driver
  caps='{"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": "'"$CHROMIUM"'", "args": ['"$extra"'"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size='"$1,$2"'"]}}}}'
  SESSION=$(curl -s -X POST -H 'Content-Type: application/json' -d "$caps" "$WD/session" | sed -n 's/.*"sessionId":"\([^"]*\)".*/\1/p')
  [[ -n $SESSION ]] && echo "$WD/session/$SESSION" >"$WORK/session"
  [[ -n $SESSION ]] || { echo "chromedriver started no session: $(tail -5 "$WORK/driver.log")"; exit 1; }
}

wd() { # METHOD PATH [JSON]
  if [[ $# -ge 3 ]]; then curl -s -X "$1" -H 'Content-Type: application/json' -d "$3" "$WD/session/$SESSION$2"
  else curl -s -X "$1" "$WD/session/$SESSION$2"; fi
}
js() {
  local body
  body=$(printf '{"script": %s, "args": []}' "$(printf '%s' "$1" | tr '\n' ' ' | sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$/"/')")
  wd POST /execute/sync "$body" | sed -n 's/^{"value":"\{0,1\}\([^"]*\)"\{0,1\}}$/\1/p'
}
go() { wd POST /url "{\"url\": \"$BASE$1\"}" >/dev/null; }
size() { wd POST /window/rect "{\"width\": $1, \"height\": $2}" >/dev/null; }
click() {
  local id
  id=$(wd POST /element "{\"using\": \"css selector\", \"value\": \"$1\"}" | sed -n 's/.*"element-6066-11e4-a52e-4f735466cecf":"\([^"]*\)".*/\1/p')
  [[ -n $id ]] || { fail "no element $1"; return 1; }
  wd POST "/element/$id/click" '{}' >/dev/null
}
web_screenshot() { # FILE: fails (status 1) when nothing was written
  wd GET /screenshot | sed -n 's/^{"value":"\(.*\)"}$/\1/p' | base64 -d >"$1" 2>/dev/null
  [[ -s $1 ]]
}
