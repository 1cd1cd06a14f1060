// CometBFT has no uncles
>> {"jsonrpc":"2.0","id":1,"method":"eth_getUncleCountByBlockHash","params":["0xc6a7e4841318cf0f6b626e53630f21333ab7ca78c020013fc8e08f0cf5094e02"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x0"}
