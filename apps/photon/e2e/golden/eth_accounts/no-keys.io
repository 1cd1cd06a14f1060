// an empty keystore
>> {"jsonrpc":"2.0","id":1,"method":"eth_accounts","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":[]}
