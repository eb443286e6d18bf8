"""Allow `python -m durak_qt`."""

import sys

from durak_qt.main import main

sys.exit(main())
