-- One request again and again (wrk -s load_page.lua): LOAD_METHOD, LOAD_PATH, LOAD_BODY, LOAD_HEADERS (lines
-- "Name: value") from the environment; answers other than LOAD_EXPECT (a status) count as unexpected.
package.path = os.getenv("LOAD_LUA_DIR") .. "/?.lua;" .. package.path
local common = require("load_common")

statuses = {}
unexpected = 0
local expect = tonumber(os.getenv("LOAD_EXPECT") or "200")
local headers = {}
for line in (os.getenv("LOAD_HEADERS") or ""):gmatch("[^\n]+") do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  headers[name] = value
end
local body = os.getenv("LOAD_BODY")
if body == "" then body = nil end
local prepared = wrk.format(os.getenv("LOAD_METHOD") or "GET", os.getenv("LOAD_PATH"), headers, body)

setup = common.setup
done = common.done

function request()
  return prepared
end

function response(status, _headers, _body)
  common.count(status)
  if status ~= expect then unexpected = unexpected + 1 end
end
