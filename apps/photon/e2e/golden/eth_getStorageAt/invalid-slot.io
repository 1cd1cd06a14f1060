// a slot longer than 32 bytes
>> {"jsonrpc":"2.0","id":1,"method":"eth_getStorageAt","params":["0x5FbDB2315678afecb367f032d93F642f64180aa3","0x000000000000000000000000000000000000000000000000000000000000000000","latest"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 1: hex string too long, want at most 32 bytes"}}
