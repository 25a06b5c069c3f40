-- The club-night mix (wrk -s load_club.lua), each thread driving its share of the tables. A table is four phones
-- polling its spectator page every 2 s with the etag they have (304 while nothing changed), the scorekeeper's
-- scoreboard every CLUB_BOARD_SECONDS and a hand saved every CLUB_SAVE_SECONDS; after a save the four phones
-- each get the whole page once. Each connection asks at its share of the thread's rate (wrk's delay()).
-- Settings from the environment: CLUB_TABLES ("token:id:etag,…", the etag the phones start with), CLUB_BOARD_COOKIE (the scoreboard's
-- Cookie header), CLUB_SAVE_AUTH (the save's Authorization header), CLUB_SAVE_BODY (its JSON), CLUB_THREADS,
-- CLUB_CONNECTIONS. A page's etag and address are read from the whole pages it answers (data-etag, /watch/…).
package.path = os.getenv("LOAD_LUA_DIR") .. "/?.lua;" .. package.path
local common = require("load_common")

statuses = {}
unexpected = 0
local PHONES, POLL_SECONDS = 4, 2
local board_every = tonumber(os.getenv("CLUB_BOARD_SECONDS") or "180")
local save_every = tonumber(os.getenv("CLUB_SAVE_SECONDS") or "180")
local all = {}
for token, id, etag in (os.getenv("CLUB_TABLES") or ""):gmatch("([%w_-]+):(%d+):([%w_-]*)") do
  table.insert(all, { token = token, id = id, etag = etag ~= "" and etag or nil })
end
local threads = tonumber(os.getenv("CLUB_THREADS") or "1")
local connections = tonumber(os.getenv("CLUB_CONNECTIONS") or "1")
local board_headers = { Cookie = os.getenv("CLUB_BOARD_COOKIE") or "" }
local save_headers = { Authorization = os.getenv("CLUB_SAVE_AUTH") or "", ["Content-Type"] = "application/json" }
local save_body = os.getenv("CLUB_SAVE_BODY") or "{}"

local mine, by_token, pause_ms = {}, {}, 1000
local per_table = PHONES / POLL_SECONDS + 1 / board_every + 1 / save_every  -- requests a second

function setup(thread)
  common.setup(thread)
end

function init(_args)
  -- This thread's tables: every `threads`-th of them, from its id (1-based, set by setup).
  for i = id, #all, threads do
    local t = { token = all[i].token, id = all[i].id, etag = all[i].etag, stale = 0 }
    table.insert(mine, t)
    by_token[t.token] = t
  end
  local rate = #mine * per_table
  pause_ms = math.max(1, math.floor(1000 * (connections / threads) / rate))
  math.randomseed(os.time() + id)
end

function delay()
  return math.random(math.floor(pause_ms / 2), math.floor(pause_ms * 3 / 2))
end

local function kind()
  local r = math.random() * per_table
  if r < 1 / save_every then return "save" end
  if r < 1 / save_every + 1 / board_every then return "board" end
  return "poll"
end

function request()
  local t = mine[math.random(#mine)]
  local k = kind()
  if k == "save" then
    t.stale = PHONES  -- each phone's etag is now stale: each gets the whole page once
    return wrk.format("POST", "/api/v1/matches/" .. t.id .. "/hands", save_headers, save_body)
  elseif k == "board" then
    return wrk.format("GET", "/matches/" .. t.id, board_headers)
  end
  local headers = {}
  if t.stale > 0 then
    t.stale = t.stale - 1
    headers["If-None-Match"] = '"stale"'
  elseif t.etag then
    headers["If-None-Match"] = '"' .. t.etag .. '"'
  end
  return wrk.format("GET", "/watch/" .. t.token, headers)
end

function response(status, _headers, body)
  common.count(status)
  if status == 200 and body then
    local etag = body:match('data%-etag="([^"]*)"')
    local token = body:match("/watch/([%w_-]+)") or body:match("%%2Fwatch%%2F([%w_-]+)")
    if etag and etag ~= "" and token and by_token[token] then by_token[token].etag = etag end
  end
  if not (status == 200 or status == 201 or status == 304) then unexpected = unexpected + 1 end
end

done = common.done
