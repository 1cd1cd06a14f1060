// always listening
>> {"jsonrpc":"2.0","id":1,"method":"net_listening","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":true}
