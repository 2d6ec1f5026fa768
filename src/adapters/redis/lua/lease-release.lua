--[[
lease-release.lua: give a lease up, if the caller still holds it (a lease that expired and was
taken by another holder is left alone).

KEYS
  KEYS[1]  lease <prefix>archiver:lease:<shard>

ARGV
  ARGV[1]  the caller's holder id

Returns 1 when released, 0 when the caller did not hold it.
]]

if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
