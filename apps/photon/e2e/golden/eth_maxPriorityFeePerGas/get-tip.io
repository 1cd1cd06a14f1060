// the suggested tip
>> {"jsonrpc":"2.0","id":1,"method":"eth_maxPriorityFeePerGas","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0x3da92f3"}
