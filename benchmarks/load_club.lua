-- The club-night mix (wrk -s load_club.lua), each thread driving its share of the tables. A table is four phones,
-- each asking again every 2 s with the etag it has (304 while nothing changed): the owner's scoreboard, a scorer's
-- entry page (its notice asks the scoreboard), a scorer's scoreboard, each with its own login's Cookie, and a
-- spectator's page; the owner's whole scoreboard every CLUB_BOARD_SECONDS and a hand saved every
-- CLUB_SAVE_SECONDS; after a save the four phones each get the whole page once. Each connection asks at its share
-- of the thread's rate (wrk's delay()).
-- Settings from the environment: CLUB_TABLES_FILE (a line a table: "token id spectator-etag" then "cookie etag" for
-- each of the three logged-in phones, '-' for no etag), CLUB_SAVE_AUTH (the save's Authorization header),
-- CLUB_SAVE_BODY (its JSON), CLUB_THREADS, CLUB_CONNECTIONS; CLUB_CONFIRM_AUTH (a scorer's Authorization: every
-- hand saved waits until that phone confirms it, its next request for the table being the confirmation, which
-- names the hand and its digest from the save's answer, as the scoreboard's Confirm does). A page's etag is read from the whole pages it answers
-- (data-etag), its table from its address (/watch/… or /matches/<id>/…) and its phone from the account it names
-- ("Log out <name>": the owner, then the scorers in their order).
package.path = os.getenv("LOAD_LUA_DIR") .. "/?.lua;" .. package.path
local common = require("load_common")

statuses = {}
unexpected = 0
local PHONES, POLL_SECONDS, LOGGED_IN = 4, 2, 3
local NAMES = { bench = 1, ["scorer-a"] = 2, ["scorer-b"] = 3 }
local board_every = tonumber(os.getenv("CLUB_BOARD_SECONDS") or "180")
local save_every = tonumber(os.getenv("CLUB_SAVE_SECONDS") or "180")
local all = {}
for line in io.lines(os.getenv("CLUB_TABLES_FILE")) do
  local words = {}
  for word in line:gmatch("%S+") do table.insert(words, word) end
  local t = { token = words[1], id = words[2], etag = words[3] ~= "-" and words[3] or nil, phones = {},
              confirms = {} }
  for i = 1, LOGGED_IN do
    t.phones[i] = { cookie = words[2 + 2 * i], etag = words[3 + 2 * i], stale = false }
  end
  table.insert(all, t)
end
local threads = tonumber(os.getenv("CLUB_THREADS") or "1")
local connections = tonumber(os.getenv("CLUB_CONNECTIONS") or "1")
local save_headers = { Authorization = os.getenv("CLUB_SAVE_AUTH") or "", ["Content-Type"] = "application/json" }
local save_body = os.getenv("CLUB_SAVE_BODY") or "{}"
local confirm_auth = os.getenv("CLUB_CONFIRM_AUTH") or ""
local confirm_headers = { Authorization = confirm_auth, ["Content-Type"] = "application/json" }

local mine, by_token, by_id, pause_ms = {}, {}, {}, 1000
local per_table = PHONES / POLL_SECONDS + 1 / board_every + 1 / save_every  -- requests a second

function setup(thread)
  common.setup(thread)
end

function init(_args)
  -- This thread's tables: every `threads`-th of them, from its id (1-based, set by setup).
  for i = id, #all, threads do
    local t = all[i]
    t.stale = false
    table.insert(mine, t)
    by_token[t.token] = t
    by_id[t.id] = t
  end
  local rate = #mine * per_table
  pause_ms = math.max(1, math.floor(1000 * (connections / threads) / rate))
  -- CLUB_SEED: the same draws for the floor and the project in a round, so that both see about as many saves
  -- and a round's ratio is not the luck of its saves (the pauses' draws interleave with the requests' as the
  -- answers come, so the two sequences can still part).
  math.randomseed((tonumber(os.getenv("CLUB_SEED")) or os.time()) * 100 + id)
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

-- A phone's poll says so as static/js/live.js's do (X-Live-Poll); the owner's whole scoreboard is a navigation.
local function scoreboard(t, phone, etag)
  local headers = { Cookie = phone.cookie, ["User-Agent"] = "wrk" }
  if etag then
    headers["If-None-Match"] = '"' .. etag .. '"'
    headers["X-Live-Poll"] = "1"
  end
  return wrk.format("GET", "/matches/" .. t.id, headers)
end

local function stale(t)
  t.stale = true  -- each phone's etag is now stale: each gets the whole page once
  for _, phone in ipairs(t.phones) do phone.stale = true end
end

function request()
  -- Every draw made whatever the request turns out to be, so that the floor and the project, seeded alike, draw the
  -- same saves in the same places however their answers (and so their confirmations) interleave.
  local t = mine[math.random(#mine)]
  local k = kind()
  local p = math.random(PHONES)
  if #t.confirms > 0 and k == "poll" then  -- the other side's phone confirms the hand saved, in place of a poll
    local c = table.remove(t.confirms, 1)
    stale(t)
    statuses.confirms = (statuses.confirms or 0) + 1  -- reported beside the statuses: the confirmations sent
    return wrk.format("POST", "/api/v1/matches/" .. t.id .. "/hands/" .. c.number .. "/confirm", confirm_headers,
                      '{"seen": "' .. c.seen .. '"}')
  end
  if k == "save" then
    stale(t)
    return wrk.format("POST", "/api/v1/matches/" .. t.id .. "/hands", save_headers, save_body)
  elseif k == "board" then
    return scoreboard(t, t.phones[1], nil)
  end
  if p <= LOGGED_IN then
    local phone = t.phones[p]
    if phone.stale then
      phone.stale = false
      return scoreboard(t, phone, "stale")
    end
    return scoreboard(t, phone, phone.etag)
  end
  local headers = {}
  if t.stale then
    t.stale = false
    headers["If-None-Match"] = '"stale"'
  elseif t.etag then
    headers["If-None-Match"] = '"' .. t.etag .. '"'
  end
  return wrk.format("GET", "/watch/" .. t.token, headers)
end

function response(status, _headers, body)
  common.count(status)
  if status == 201 and confirm_auth ~= "" and body then
    -- A saved hand waits: its number, its entry's digest and its match, read from the answer.
    local number = body:match('"number":%s*(%d+)')
    local seen = body:match('"digest":%s*"(%x+)"')
    local id = body:match('"match":%s*{.-"id":%s*(%d+)')
    if number and seen and id and by_id[id] then table.insert(by_id[id].confirms, { number = number, seen = seen }) end
  end
  if status == 200 and body then
    local etag = body:match('data%-etag="([^"]*)"')
    local name = body:match("Log out ([%w_-]+)")
    local id = body:match("/matches/(%d+)/")
    if etag and etag ~= "" and name and NAMES[name] and id and by_id[id] then
      by_id[id].phones[NAMES[name]].etag = etag
    elseif etag and etag ~= "" then
      local token = body:match("/watch/([%w_-]+)") or body:match("%%2Fwatch%%2F([%w_-]+)")
      if token and by_token[token] then by_token[token].etag = etag end
    end
  end
  if not (status == 200 or status == 201 or status == 304) then unexpected = unexpected + 1 end
end

done = common.done
