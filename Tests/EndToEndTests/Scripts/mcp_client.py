"""A real MCP client (the `mcp` package from PyPI) driving `openmarket mcp` over stdio, for the end-to-end test.

    mcp_client.py OPENMARKET PICTURE -- ARGUMENTS…

Lists the tools, calls each one, and prints one JSON object saying what it saw; the Swift test checks it.
"""
import asyncio, json, sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def texts(result):
    return [c.text for c in result.content if getattr(c, "type", "") == "text"]


async def main():
    binary, picture = sys.argv[1], sys.argv[2]
    arguments = sys.argv[sys.argv.index("--") + 1:]
    server = StdioServerParameters(command=binary, args=["mcp"] + arguments, env={"OPENMARKET_CONFIG": "", "XDG_CONFIG_HOME": "/nonexistent"})
    seen = {}
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            seen["tools"] = sorted(t.name for t in tools)
            seen["schemas"] = {t.name: t.input_schema for t in tools}
            found = await session.call_tool("search_products", {"query": "set", "per_page": 5})
            seen["search"] = json.loads(texts(found)[0])
            listed = await session.call_tool("list_products", {"per_page": 3, "sort": "price-asc"})
            seen["list"] = json.loads(texts(listed)[0])
            first = seen["list"]["products"][0]["id"]
            shown = await session.call_tool("show_product", {"id": first, "pictures": True})
            seen["show"] = {"text": json.loads(texts(shown)[0]), "images": [c.mime_type for c in shown.content if c.type == "image"],
                            "isError": shown.is_error}
            if "register_product" in seen["tools"]:
                refused = await session.call_tool("register_product", {"name": "ab", "description": "short", "price": "x", "pictures": []})
                seen["refused"] = {"isError": refused.is_error, "text": texts(refused)}
                made = await session.call_tool("register_product", {
                    "name": "Agent Kettle", "description": "Registered by an agent over MCP.", "price": "12000",
                    "stock": "3", "pictures": [picture]})
                product = json.loads(texts(made)[0])
                seen["registered"] = product
                edited = await session.call_tool("edit_product", {"id": product["id"], "price": "9.5", "currency": "USD"})
                seen["edited"] = json.loads(texts(edited)[0])
                over = await session.call_tool("edit_product", {"id": product["id"], "discount": "20"})
                seen["over"] = {"isError": over.is_error, "text": texts(over)}
                deleted = await session.call_tool("delete_product", {"id": product["id"]})
                seen["deleted"] = json.loads(texts(deleted)[0])
                gone = await session.call_tool("show_product", {"id": product["id"]})
                seen["gone"] = {"isError": gone.is_error, "text": texts(gone)}
    print(json.dumps(seen))


asyncio.run(main())
