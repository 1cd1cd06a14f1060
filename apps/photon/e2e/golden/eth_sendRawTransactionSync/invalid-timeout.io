// a timeout that is no number
>> {"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransactionSync","params":["0x02f86d82232880843b9aca0085174876e80082520894976ea74026e726554db657fa54763abd0c3a0aa90180c080a06a457d4e87cd217a34fdc0a0cf30279ef0b647369be9872acce19b3453c62584a03567247615b2f0b92b1d49cac11bb5162c99cd4781ca66df22763dd26a046d3e","soon"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 1: invalid hex or decimal integer \"soon\""}}
