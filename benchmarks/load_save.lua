-- Saving hands, one table per wrk thread (run with as many threads as connections): each thread enters hands
-- into its own match (LOAD_MATCHES, ids separated by commas, one per thread). LOAD_FLOW "flow": the entry page
-- (GET, 200, its CSRF token and hand number read from the page), then the save (POST, 302), again and again;
-- "save": the entry page once, then saves only, the number counted up after each 302. LOAD_FORM: the hand's
-- fields (urlencoded), LOAD_HEADERS: the logged-in cookie. Any other answer counts as unexpected, and the next
-- request reads the entry page again.
package.path = os.getenv("LOAD_LUA_DIR") .. "/?.lua;" .. package.path
local common = require("load_common")

statuses = {}
unexpected = 0
local matches = {}
for id in (os.getenv("LOAD_MATCHES") or ""):gmatch("%d+") do table.insert(matches, id) end
local flow = os.getenv("LOAD_FLOW") or "flow"
local form = os.getenv("LOAD_FORM") or ""
local headers = {}
for line in (os.getenv("LOAD_HEADERS") or ""):gmatch("[^\n]+") do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  headers[name] = value
end
local post_headers = {}
for name, value in pairs(headers) do post_headers[name] = value end
post_headers["Content-Type"] = "application/x-www-form-urlencoded"

local path, state, csrf, number, version, dealer, sent = nil, "get", nil, nil, nil, nil, 0

function setup(thread)
  common.setup(thread)
  thread:set("match", matches[#common.threads])
end

done = common.done

local function field(body, name)
  -- the input of that name, its attributes in any order
  local tag = body:match('<input[^>]-name="' .. name .. '"[^>]->')
  return tag and tag:match('value="([^"]*)"')
end

function request()
  path = path or ("/matches/" .. match .. "/hands/new?mode=cards")
  if state == "get" then
    return wrk.format("GET", path, headers)
  end
  sent = sent + 1
  local token = string.format("bench%d_%d_%d", os.time(), id, sent)
  local body = form .. "&csrf_token=" .. csrf .. "&number=" .. number .. "&version=" .. version ..
    "&dealer=" .. dealer .. "&client_token=" .. token .. "&action=save"
  return wrk.format("POST", path, post_headers, body)
end

function response(status, _headers, body)
  common.count(status)
  if state == "get" then
    if status == 200 then
      csrf, number, version = field(body, "csrf_token"), tonumber(field(body, "number")), field(body, "version")
      dealer = body:match('<option selected value="(%d)"') or body:match('value="(%d)" selected') or "0"
      if csrf and number then state = "post" else unexpected = unexpected + 1 end
    else
      unexpected = unexpected + 1
    end
  elseif status == 302 then
    number = number + 1
    if flow == "flow" then state = "get" end
  else
    unexpected = unexpected + 1
    state = "get"
  end
end
