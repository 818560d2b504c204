Feedctl.main()
