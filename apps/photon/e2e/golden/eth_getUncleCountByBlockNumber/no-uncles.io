// CometBFT has no uncles
>> {"jsonrpc":"2.0","id":1,"method":"eth_getUncleCountByBlockNumber","params":["0x2"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x0"}
