-- wrk script: POST the JSON body given in the BODY environment variable.
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
