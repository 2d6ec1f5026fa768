--[[
void.lua: undo one charge whose answer never reached its caller (docs/credits.md), atomically and
idempotently. Twin of MemoryCreditStore.voidCharge; the contract suite holds both to one behaviour.
The marker is set whether or not the charge has run, so a charge script that arrives later (sent
before the gateway gave up, executed after) refuses instead of charging.

KEYS (all carry the account's hash tag: Cluster-safe)
  KEYS[1]  account hash     <prefix>{acct:<id>}:account
  KEYS[2]  charge record    <prefix>{acct:<id>}:charge:<charge id>   written by charge.lua
  KEYS[3]  void marker      <prefix>{acct:<id>}:void:<charge id>
  KEYS[4]  voided entries   <prefix>{acct:<id>}:voided   hash: ledger entry id -> voided at (epoch ms)
  KEYS[5]  idempotency hash <prefix>{acct:<id>}:idem:<key> of the charge's call (the record's
           idem_key); deleted when the charge held one, so a retry with that key is charged anew

ARGV
  ARGV[1]  marker lifetime, seconds (at least the charge record's)
  ARGV[2]  now, epoch milliseconds (gateway clock)
  ARGV[3]  current month in Asia/Tokyo, 'YYYY-MM': credits go back where they came from, monthly
           credits to the month they were taken from; if that month has passed they are gone, as
           unused monthly credits are (refunding them to the auto balance, which never expires,
           would turn a charge held across 00:00 JST into credits for ever)

Returns
   0  already void (nothing done)
   1  no such charge ran: the marker now stops it from running
   2  refunded: the balances are restored and the ledger entry is marked void
   3  final: an idempotent retry was answered with this charge's result, so it was delivered and
      stands (its charge record is dropped, as a settlement does)
]]

if redis.call('EXISTS', KEYS[3]) == 1 then
  return 0
end

local charge = redis.call('HMGET', KEYS[2], 'tx', 'from_monthly', 'from_auto', 'month', 'idem_key')
if charge[1] and charge[5] ~= '' and redis.call('HGET', KEYS[5], 'replayed') == '1' then
  redis.call('DEL', KEYS[2])
  return 3
end

redis.call('SET', KEYS[3], '1', 'EX', ARGV[1])
if not charge[1] then
  return 1
end

if redis.call('EXISTS', KEYS[1]) == 1 then
  if charge[4] == ARGV[3] and redis.call('HGET', KEYS[1], 'month') == ARGV[3] then
    redis.call('HINCRBY', KEYS[1], 'monthly', tonumber(charge[2]))
  end
  redis.call('HINCRBY', KEYS[1], 'auto', tonumber(charge[3]))
end
redis.call('HSET', KEYS[4], charge[1], ARGV[2])
if charge[5] ~= '' then
  redis.call('DEL', KEYS[5])
end
redis.call('DEL', KEYS[2])
return 2
