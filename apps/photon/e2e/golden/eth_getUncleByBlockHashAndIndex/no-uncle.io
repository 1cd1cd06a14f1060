// CometBFT has no uncles
>> {"jsonrpc":"2.0","id":1,"method":"eth_getUncleByBlockHashAndIndex","params":["0x377a9200ee61b7af67d7ded8ce0b45667476cd59a4356f191d121ab03ce46569","0x0"]}
<< {"jsonrpc":"2.0","id":1,"result":null}
