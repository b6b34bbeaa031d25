from serving.app import main

main()
