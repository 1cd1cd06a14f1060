// the client name and version
>> {"jsonrpc":"2.0","id":1,"method":"web3_clientVersion","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"Photon/v0.1.0/<os>-<arch>/node<version>"}
