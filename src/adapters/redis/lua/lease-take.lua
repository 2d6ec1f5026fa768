--[[
lease-take.lua: take or renew a lease (one active ledger archiver per account shard).

KEYS
  KEYS[1]  lease <prefix>archiver:lease:<shard>   value: the holder's id

ARGV
  ARGV[1]  the caller's holder id
  ARGV[2]  lease lifetime, milliseconds (the holder renews well before it ends)

Returns 1 when the caller holds the lease now (taken or renewed), 0 when another holder has it.
]]

local holder = redis.call('GET', KEYS[1])
if holder == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
