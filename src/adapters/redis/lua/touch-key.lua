--[[
touch-key.lua: note when a listed key last authenticated; sent without waiting for the
answer, at most once a minute per key per gateway. A key revoked meanwhile is not noted again.

KEYS (all carry the account's hash tag)
  KEYS[1]  listed keys   <prefix>{acct:<id>}:keys       hash: public key id -> grant (JSON)
  KEYS[2]  last used     <prefix>{acct:<id>}:keys:used  hash: public key id -> epoch ms

ARGV
  ARGV[1]  public key id
  ARGV[2]  now, epoch milliseconds (gateway clock); an older time than the one kept is ignored

Returns 1 when written, 0 when not.
]]

if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
  return 0
end
local at = tonumber(redis.call('HGET', KEYS[2], ARGV[1]))
if at and at >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
