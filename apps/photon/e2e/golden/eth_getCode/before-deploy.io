// the token address before its deployment
>> {"jsonrpc":"2.0","id":1,"method":"eth_getCode","params":["0x5FbDB2315678afecb367f032d93F642f64180aa3","0x1"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x"}
