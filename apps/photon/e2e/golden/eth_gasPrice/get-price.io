// base fee of the next block plus the suggested tip
>> {"jsonrpc":"2.0","id":1,"method":"eth_gasPrice","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0x22af2a8d"}
