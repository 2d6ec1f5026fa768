--[[
rewrite-key.lua: replace a key's record with one for its account's new status, unless
the key was revoked (no record: nothing is created) or a record for a newer status is there already.

KEYS (a key's own record: not in its account's slot, so one script per key)
  KEYS[1]  key record  <prefix>apikey:<digest>   a bare account id (keys bound before keys had names, scopes and expiry: version
           -1), or JSON beginning {"v":<status version>, (replies.ts encodeKeyRecord)

ARGV
  ARGV[1]  the new record (JSON, beginning {"v":<ARGV[2]>,)
  ARGV[2]  its status version (the account's status_v)

Returns 1 when written, 0 when not.
]]

local current = redis.call('GET', KEYS[1])
if not current then
  return 0
end
local version = tonumber(string.match(current, '^{"v":(%d+)')) or -1
if version > tonumber(ARGV[2]) then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1])
return 1
