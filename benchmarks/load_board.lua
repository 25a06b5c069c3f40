-- A tournament's board followed (wrk -s load_board.lua): BOARD_WATCHERS screens (the TV, phones) each asking again
-- every BOARD_SECONDS with the ETag they have, as static/js/live.js does: a 304 while nothing changed, else the
-- whole board, whose data-etag they keep. BOARD_PATH is the board's address; BOARD_CONNECTIONS and BOARD_THREADS
-- as wrk is started (each connection asks at its share of the watchers' rate: wrk's delay()).
package.path = os.getenv("LOAD_LUA_DIR") .. "/?.lua;" .. package.path
local common = require("load_common")

statuses = {}
unexpected = 0
local path = os.getenv("BOARD_PATH")
local watchers = tonumber(os.getenv("BOARD_WATCHERS") or "1")
local seconds = tonumber(os.getenv("BOARD_SECONDS") or "3")
local connections = tonumber(os.getenv("BOARD_CONNECTIONS") or "1")
local etag = nil
local pause_ms = 1000

setup = common.setup
done = common.done

function init(_args)
  pause_ms = math.max(1, math.floor(1000 * connections * seconds / watchers))
  math.randomseed(os.time() + id)
end

function delay()
  return math.random(math.floor(pause_ms / 2), math.floor(pause_ms * 3 / 2))
end

function request()
  local headers = {}
  if etag then headers["If-None-Match"] = '"' .. etag .. '"' end
  return wrk.format("GET", path, headers)
end

function response(status, _headers, body)
  common.count(status)
  if status == 200 and body then
    local seen = body:match('data%-etag="([^"]*)"')
    if seen then etag = seen end
  end
  if not (status == 200 or status == 304) then unexpected = unexpected + 1 end
end
