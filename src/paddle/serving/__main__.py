"""`python -m paddle.serving`: serve inference models over HTTP (see paddle.serving)."""
from .cli import main

if __name__ == "__main__":
    main()
