// a devnet is never syncing
>> {"jsonrpc":"2.0","id":1,"method":"eth_syncing","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":false}
